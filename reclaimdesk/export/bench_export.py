"""Benchmark of the print-and-play export, registered in ``reclaimdesk bench``:
the whole ``sheets/`` folder (every file of :func:`~reclaimdesk.export.kit.kit_files`:
each kit and its variants, on A4 and Letter and in Japanese) regenerated in
memory, as ``python -m reclaimdesk.export.kit`` does it (one process a core) but
writing nothing; the note adds up the files' own times too.
Budgets: the median run under 200 ms a file on average (the 3 s the fifteen
kits had before the variants joined them, per file), every PDF under 1 MB and
the whole folder under 10 MB."""

from __future__ import annotations

import time

TIME_BUDGET_MS_PER_FILE = 200.0
SIZE_BUDGET_BYTES = 1_000_000
FOLDER_BUDGET_BYTES = 10_000_000


def bench_export_kits(quick: bool):
    from reclaimdesk.bench import Result
    from reclaimdesk.export.kit import build_all, kit_files

    files = kit_files()
    samples: list[float] = []
    sizes: dict[str, int] = {}
    serial: list[float] = []  # each run's files' own seconds added up: the work, whatever the cores
    for _ in range(2 if quick else 5):
        start = time.perf_counter()
        built = build_all()  # as python -m reclaimdesk.export.kit builds them: one process a core
        samples.append((time.perf_counter() - start) * 1000)
        serial.append(sum(seconds for _item, _data, seconds in built) * 1000)
        sizes.update((item.name, len(data)) for item, data, _seconds in built)
    largest = max(sizes, key=sizes.__getitem__)
    size = sizes[largest]
    total = sum(sizes.values())
    fits = size <= SIZE_BUDGET_BYTES and total <= FOLDER_BUDGET_BYTES
    verdict = "ok" if fits else "OVER"
    return Result(f"export: whole sheets/ regenerated in memory, {len(files)} PDFs, {total / 1e6:.1f} MB "
                  f"(budget 10 MB; largest {largest} {size / 1000:.0f} KB, budget 1000 KB: {verdict})", "ms",
                  samples, budget=TIME_BUDGET_MS_PER_FILE * len(files),
                  note=f"first run {samples[0]:.0f} ms (fonts and game data loaded); the files' own times "
                       f"added up {sorted(serial)[len(serial) // 2]:.0f} ms (median); "
                       f"largest PDF {largest}, {size} bytes; time budget {TIME_BUDGET_MS_PER_FILE:.0f} ms a file",
                  extra={"files": len(files), "largest_pdf": largest, "largest_pdf_bytes": size,
                         "folder_bytes": total, "folder_budget_bytes": FOLDER_BUDGET_BYTES,
                         "size_budget_bytes": SIZE_BUDGET_BYTES, "size_within_budget": fits,
                         "first_run_ms": round(samples[0], 1),
                         "files_added_up_ms": [round(v, 1) for v in serial]})


def _register() -> None:
    """Add the benchmark to ``reclaimdesk bench`` (when reportlab is installed)."""
    import importlib.util

    if importlib.util.find_spec("reportlab") is None:
        return
    from reclaimdesk.bench import BENCHMARKS, register

    if bench_export_kits not in BENCHMARKS:
        register(bench_export_kits)


_register()
