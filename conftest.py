"""pytest set-up for the whole tree.

While the compiled core is in use (saboteur/native.py), its modules' sources are not collected for
their doctests (pytest would find the compiled module in their place); tests/test_native.py runs
those doctests in pure Python instead.
"""

from saboteur import native

collect_ignore = [str(native.source_of(module)) for module in native.compiled_modules()]
