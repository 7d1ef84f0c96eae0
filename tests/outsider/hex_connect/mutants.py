"""Does the cross-check catch a wrong Hex? Three deliberately broken copies of
hex.yaml (written to a temporary folder) are cross-checked on 50 games of 5x5:
every one must show mismatches.

  python mutants.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MUTANTS = {
    "odd rows pushed instead of axial (wrong neighbours)": ("hex: pointy-axial", "hex: pointy-odd"),
    "path_distance without blocked_by: enemies (chains cannot pass own stones)":
        (", blocked_by: enemies)", ")"),
    "red's top edge taken as rows 0 and 1": ("it.pos.y == 0 and", "it.pos.y <= 1 and"),
}
text = open(os.path.join(HERE, "hex.yaml")).read()
for label, (old, new) in MUTANTS.items():
    assert old in text, old
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "hex.yaml"), "w") as f:
            f.write(text.replace(old, new))
        shutil.copy(os.path.join(HERE, "crosscheck_openspiel.py"), tmp)
        out = subprocess.run([sys.executable, "crosscheck_openspiel.py", "--games", "50", "--sizes", "5"],
                             cwd=tmp, capture_output=True, text=True).stdout.strip().splitlines()
        print(f"{label}: {out[-1]}")
