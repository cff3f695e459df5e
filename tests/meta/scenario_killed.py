"""A test that starts a process of its own (in a session of its own, as a server would)
and makes a folder, says so, and waits: ``test_nothing_left.py`` kills its run."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def test_waits_with_a_process_and_a_folder() -> None:
    folder = tempfile.mkdtemp()
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             start_new_session=True)
    Path(os.environ["SCENARIO_READY"]).write_text(f"{child.pid} {folder}")
    time.sleep(600)
