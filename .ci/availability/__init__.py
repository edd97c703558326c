"""The parts of .ci/check-availability; see .ci/check-availability.md."""
