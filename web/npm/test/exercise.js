// What a user of the npm package does, the same in Node and in a page: open a .puz, solve a
// Masyu, render SVG, convert. `pzl` is the installed package's module; `files` maps a name to the
// file's bytes. Returns facts the callers assert on; throws on the first wrong one.
export async function exercise(pzl, files) {
  const facts = {};
  const want = (ok, what) => { if (!ok) throw new Error(`pzl npm package: ${what}`); };

  await pzl.init();
  await pzl.init(); // a second call is the same load

  const formats = pzl.formats();
  want(formats.some((f) => f.name === 'puz' && f.kind === 'crossword'), 'formats() lists puz');

  const crossword = pzl.open(files['puzzle.puz'], 'puzzle.puz');
  want(crossword.kind === 'crossword' && crossword.format === 'puz', `opened .puz as ${crossword.kind}/${crossword.format}`);
  const info = crossword.info();
  want(Number(info.facts.width) > 0 && Number(info.facts.height) > 0, 'info() gives the size');
  const svg = crossword.render('svg');
  want(svg.startsWith('<svg') || svg.includes('<svg'), 'render("svg") draws SVG');
  const ipuz = crossword.write('ipuz');
  want(ipuz instanceof Uint8Array && ipuz.length > 0, 'write("ipuz") gives bytes');
  const again = pzl.open(ipuz, 'again.ipuz');
  want(again.format === 'ipuz', 'the ipuz opens again');
  facts.crossword = { width: info.facts.width, height: info.facts.height, svgBytes: svg.length };

  const masyu = pzl.open(files['hook.masyu'], 'hook.masyu');
  want(masyu.kind === 'masyu', 'opened the Masyu');
  const check = masyu.check();
  // `check` means "the file is sound": a puzzle with no line drawn yet is sound.
  want(check.ok === true && check.problems.length === 0, 'an empty board checks as sound');
  const solved = masyu.solve({ timeout: 20, svg: true });
  want(solved.report.outcome === 'solved', `solve outcome ${solved.report.outcome}`);
  want(solved.solutions.length === 1 && solved.svgs[0].includes('<svg'), 'one solution, drawn');
  want(solved.edges[0].includes('line'), 'the solution draws lines');
  facts.masyu = { outcome: solved.report.outcome, unique: solved.report.unique, board: masyu.masyu().rows.length };

  let error = null;
  try { pzl.open(new Uint8Array([1, 2, 3]), 'x.puz'); } catch (e) { error = e; }
  want(error instanceof Error && /x\.puz|puz/.test(error.message), 'bad input throws an Error that names it');
  facts.error = error.message;

  let page = null;
  try { crossword.render('svg', { withClues: true }); } catch (e) { page = e.message; }
  facts.printPage = page ? 'not in this build' : 'built in';

  for (const p of [crossword, again, masyu]) p.free();
  return facts;
}
