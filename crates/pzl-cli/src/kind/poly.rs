//! `pzl poly ftor` (and the seed's `pzl ftor`): MacPoly source files into a resource file.
