"""Reads a pagetune run's JSON events (--output json): prints changed=N, then one line per page
state; exits 1 unless nothing changed and the run reported page states."""
import json
import sys

changed, states = 0, []


def walk(o):
    if isinstance(o, dict):
        if isinstance(o.get("page_state"), list):
            states.extend(o["page_state"])
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)


for line in open(sys.argv[1], encoding="utf-8"):
    line = line.strip()
    if not line.startswith("{"):
        continue
    e = json.loads(line)
    result = e.get("result")
    if e.get("changed") is True or (isinstance(result, dict) and result.get("changed") is True):
        changed += 1
    walk(e)
print(f"changed={changed}")
seen = set()
for s in states:
    # a loop's summary repeats its items' states
    key = json.dumps(s, sort_keys=True)
    if key in seen:
        continue
    seen.add(key)
    print(f"  {s['target']}: desired {s['desired']}; persisted={s['persisted']} ({s['persisted_value']});"
          f" effective={s['effective']} ({s['effective_value']}); pending_restart={s['pending_restart']}")
sys.exit(0 if changed == 0 and states else 1)
