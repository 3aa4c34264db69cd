"""Suite-wide test settings (at the repository root: a tests/conftest.py would put tests/ on
sys.path, where tests/games would shadow the real games package)."""

from hypothesis import HealthCheck, settings

# Property tests check what is computed, never how fast: on a loaded 2-core CI machine a
# per-example deadline only turns slowness into false failures (timing belongs in bench/).
settings.register_profile(
    "campfire", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("campfire")
