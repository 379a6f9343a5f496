"""The README's example; also what `mypy --strict` checks the stubs with."""

from __future__ import annotations

import pzl
import pzl.puz as puz

doc = pzl.open(b"4:4:AgAQAA\n", format="tootsweet")
print(doc.kind, doc.format)
report = doc.check()
print("ok" if report.ok else [(p.rule, p.message) for p in report.problems][:1])
solution = doc.solve(timeout=2.0)
print(solution.report.outcome, "unique" if solution.report.unique else "")
data, lost = solution.solutions[0].convert("pzprjs")
print(data.decode().strip(), lost)
text = doc.render(as_="text")
assert isinstance(text, str)

formats: list[str] = [f.name for f in pzl.formats() if f.kind == "crossword"]
print(formats)

p = puz.Puzzle()
p.width, p.height = 3, 3
p.solution, p.fill = "CAT" "A.O" "BOW", "---" "-.-" "---"
p.clues = ["Pet", "Taxi", "Vessel", "Ribbon tie"]
across: list[puz.ClueEntry] = p.clue_numbering().across
print([(e.number, e.text) for e in across])
round_trip: puz.Puzzle = puz.load(p.tobytes())
print(round_trip.check_answers("CAT" "A.O" "BOW"))

try:
    pzl.open(b"nonsense", name="x.bin")
except pzl.FormatError as e:
    print(type(e).__name__, e.file, e.hint)
