import sys

from campfire.cli import main

# Guarded: the print pool's spawned processes import this module again (as __mp_main__)
# and must not run the command line a second time.
if __name__ == "__main__":
    sys.exit(main())
