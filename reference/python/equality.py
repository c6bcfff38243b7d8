"""Equality of JSON values, as reference/scorers.md ("Equality") states it.

- objects are equal when they have the same keys with equal values, in any order;
- arrays are equal when they have equal elements in the same order;
- numbers are compared as exact decimals (5, 5.0 and 5e0 are equal; -0 equals 0);
- strings are compared code point by code point, with no normalisation;
- true, false and null equal only themselves, and a string never equals a number.
"""

from strict_json import ExactNumber


def json_equal(a, b):
    """Whether two values read by ``strict_json.parse`` are equal by the page's rules."""
    if a is None or isinstance(a, bool):
        return b is a
    if isinstance(a, ExactNumber):
        return isinstance(b, ExactNumber) and a.key == b.key
    if isinstance(a, str):
        return isinstance(b, str) and a == b
    if isinstance(a, list):
        return (
            isinstance(b, list)
            and len(a) == len(b)
            and all(json_equal(x, y) for x, y in zip(a, b))
        )
    if isinstance(a, dict):
        if not isinstance(b, dict) or len(a) != len(b):
            return False
        for k, v in a.items():
            if k not in b or not json_equal(v, b[k]):
                return False
        return True
    raise TypeError("not a JSON value: %r" % (a,))
