// The package used from Node, installed in a fresh folder: node node.mjs
import { readFile } from 'node:fs/promises';
import * as pzl from 'pzl';
import { exercise } from './exercise.js';

const files = {
  'puzzle.puz': await readFile(new URL('./files/puzzle.puz', import.meta.url)),
  'hook.masyu': await readFile(new URL('./files/hook.masyu', import.meta.url)),
};
const facts = await exercise(pzl, files);
console.log(JSON.stringify(facts));
