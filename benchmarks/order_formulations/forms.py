"""The forms the order study compares: per kind of constraint (thermometer,
arrow), a label -> the method and its options, and the ones run by default.
The runner (:mod:`.run`) solves them, the tables (:mod:`.tables`) list them
in this order."""

FORMS = {
    "thermo": {"milp values": ("milp", {"order": "values"}),
               "milp cumulative": ("milp", {"order": "cumulative"}),
               "matrix values": ("matrix", {"order": "values"}),
               "matrix cumulative": ("matrix", {"order": "cumulative"}),
               "scip values": ("milp", {"order": "values", "solver": "scip"}),
               "scip cumulative": ("milp", {"order": "cumulative", "solver": "scip"}),
               "cp-bool values": ("cp-bool", {"order": "values"}),
               "cp-bool cumulative": ("cp-bool", {"order": "cumulative"}),
               "cp": ("cp", {}), "sat-extended": ("sat-extended", {}),
               "backtracking": ("backtracking", {})},
    "arrow": {"milp sum": ("milp", {"arrow": "sum"}), "milp sets": ("milp", {"arrow": "sets"}),
              "matrix sum": ("matrix", {"arrow": "sum"}),
              "matrix sets": ("matrix", {"arrow": "sets"}),
              "scip sum": ("milp", {"arrow": "sum", "solver": "scip"}),
              "scip sets": ("milp", {"arrow": "sets", "solver": "scip"}),
              "cp-bool sum": ("cp-bool", {"arrow": "sum"}),
              "cp-bool sets": ("cp-bool", {"arrow": "sets"}),
              "cp": ("cp", {}), "sat-extended": ("sat-extended", {}),
              "backtracking": ("backtracking", {})}}
"""Per kind, the forms that can be compared (``--forms``): a label -> the
method and its options."""
DEFAULT_FORMS = {kind: tuple(f for f in forms if not f.startswith(("matrix", "scip")))
                 for kind, forms in FORMS.items()}
"""The forms run by default: ``matrix`` hands HiGHS the same rows as
``milp`` (both from ``binary_rules``), and ``scip`` the same rows to SCIP
(the extra ``[scip]``), so they are left to ``--forms``."""
