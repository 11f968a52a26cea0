"""One command per question: ``python -m benchmarks.<question> STEP [ARGS]``
runs one of the question's scripts (its steps), ``--help`` lists them."""

from __future__ import annotations

import runpy
import sys


def run_step(package: str, steps: dict[str, tuple[str, str]], argv: list[str] | None = None) -> int:
    """Run the step named by ``argv[0]`` (default ``sys.argv[1:]``): the
    module ``package.<module>`` as ``__main__``, with the rest of ``argv``
    as its arguments. ``steps``: step name -> (module, what it records).
    Exit code 2 with the list of steps for an unknown or missing step; 130,
    with one line on stderr, when Ctrl-C stops the step (what the step
    wrote before stays; a study run through ``studykit.runs`` resumes from
    it)."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in steps:
        width = max(map(len, steps))
        lines = [f"  {name.ljust(width)}  {what}" for name, (_, what) in steps.items()]
        print(f"usage: python -m {package} STEP [ARGS]  (STEP --help for its options)\n\n"
              "steps:\n" + "\n".join(lines), file=sys.stderr if argv[:1] not in (["-h"], ["--help"])
              else sys.stdout)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    module, _ = steps[argv[0]]
    sys.argv = [f"python -m {package} {argv[0]}", *argv[1:]]
    try:
        runpy.run_module(f"{package}.{module}", run_name="__main__", alter_sys=True)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0 if done.code is None else 1
    except KeyboardInterrupt:
        print(f"python -m {package} {argv[0]}: interrupted", file=sys.stderr)
        return 130
    return 0
