//! What the puzzle is made of: the edition (frame and pieces), calendar dates, boards, and a file's
//! set of boards.

pub mod board;
pub mod date;
pub mod puzzle;
pub mod set;
