#!/usr/bin/python3
"""Checks the deployment files (issue 18): every Kubernetes manifest against a
schema of the fields the kinds it uses require, the wiring between them
(selectors, ports, probes, secrets, Prometheus discovery), the Prometheus
configuration and alerting rules with Debian's promtool, and the Dockerfile's
contract (non-root, health check, stages).

usage: deploy_check.py SOURCE_DIR [--promtool PATH]
Prints "N passed, M failed" and exits non-zero when any check fails.
"""
import copy
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
PROMTOOL = shutil.which("promtool")
if "--promtool" in sys.argv:
    PROMTOOL = sys.argv[sys.argv.index("--promtool") + 1]

passed, failed = 0, []


def check(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failed.append(what)


# --- Schema: required fields and their types, per kind -------------------
# A path is a list of keys; "[]" walks into every element of a list.
SCHEMA = {
    "Namespace": [(["metadata", "name"], str)],
    "Deployment": [
        (["metadata", "name"], str),
        (["spec", "replicas"], int),
        (["spec", "selector", "matchLabels"], dict),
        (["spec", "template", "metadata", "labels"], dict),
        (["spec", "template", "spec", "containers"], list),
        (["spec", "template", "spec", "containers", "[]", "name"], str),
        (["spec", "template", "spec", "containers", "[]", "image"], str),
        (["spec", "template", "spec", "containers", "[]", "ports"], list),
        (["spec", "template", "spec", "containers", "[]", "resources", "requests"], dict),
        (["spec", "template", "spec", "containers", "[]", "resources", "limits"], dict),
        (["spec", "template", "spec", "containers", "[]", "readinessProbe"], dict),
        (["spec", "template", "spec", "containers", "[]", "livenessProbe"], dict),
    ],
    "StatefulSet": [
        (["metadata", "name"], str),
        (["spec", "serviceName"], str),
        (["spec", "selector", "matchLabels"], dict),
        (["spec", "template", "metadata", "labels"], dict),
        (["spec", "template", "spec", "containers", "[]", "image"], str),
        (["spec", "volumeClaimTemplates"], list),
    ],
    "Service": [
        (["metadata", "name"], str),
        (["spec", "selector"], dict),
        (["spec", "ports"], list),
        (["spec", "ports", "[]", "port"], int),
        (["spec", "ports", "[]", "name"], str),
    ],
    "Secret": [(["metadata", "name"], str), (["stringData"], dict)],
    "NetworkPolicy": [
        (["metadata", "name"], str),
        (["spec", "podSelector"], dict),
        (["spec", "policyTypes"], list),
    ],
    "CronJob": [
        (["metadata", "name"], str),
        (["spec", "schedule"], str),
        (["spec", "jobTemplate", "spec", "template", "spec", "containers"], list),
        (["spec", "jobTemplate", "spec", "template", "spec", "restartPolicy"], str),
    ],
}
API = {"Namespace": "v1", "Service": "v1", "Secret": "v1",
       "Deployment": "apps/v1", "StatefulSet": "apps/v1",
       "NetworkPolicy": "networking.k8s.io/v1", "CronJob": "batch/v1"}


def walk(node, path):
    if not path:
        yield node
        return
    key, rest = path[0], path[1:]
    if key == "[]":
        if isinstance(node, list):
            for x in node:
                yield from walk(x, rest)
        else:
            yield None
    elif isinstance(node, dict) and key in node:
        yield from walk(node[key], rest)
    else:
        yield None


def pod_spec(doc):
    if doc["kind"] == "CronJob":
        return doc["spec"]["jobTemplate"]["spec"]["template"]
    return doc["spec"]["template"]


k8s = os.path.join(ROOT, "deploy", "k8s")
kust = yaml.safe_load(open(os.path.join(k8s, "kustomization.yaml")))
listed = set(kust["resources"])
files = sorted(f for f in os.listdir(k8s) if f.endswith(".yaml") and f != "kustomization.yaml")
check(listed == set(files), f"kustomization lists exactly the manifests ({listed} vs {files})")
docs = []
for f in files:
    for d in yaml.safe_load_all(open(os.path.join(k8s, f))):
        if d:
            d["_file"] = f
            docs.append(d)

for d in docs:
    where = f"{d['_file']}: {d.get('kind')} {d.get('metadata', {}).get('name')}"
    kind = d.get("kind")
    check(kind in SCHEMA, f"{where}: known kind")
    if kind not in SCHEMA:
        continue
    check(d.get("apiVersion") == API[kind], f"{where}: apiVersion {API[kind]}")
    for path, typ in SCHEMA[kind]:
        for v in walk(d, path):
            check(isinstance(v, typ), f"{where}: {'.'.join(path)} is a {typ.__name__}")

by = {(d["kind"], d["metadata"]["name"]): d for d in docs}
workloads = [d for d in docs if d["kind"] in ("Deployment", "StatefulSet", "CronJob")]
secrets = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Secret"}
app_labels = set()
for w in workloads:
    where = f"{w['_file']}: {w['kind']} {w['metadata']['name']}"
    tmpl = pod_spec(w)
    labels = tmpl["metadata"]["labels"]
    app_labels.add(labels.get("app"))
    if w["kind"] != "CronJob":
        sel = w["spec"]["selector"]["matchLabels"]
        check(all(labels.get(k) == v for k, v in sel.items()), f"{where}: selector matches the pod labels")
    for c in tmpl["spec"]["containers"]:
        ports = {p["name"]: p["containerPort"] for p in c.get("ports", [])}
        for probe in ("readinessProbe", "livenessProbe"):
            p = c.get(probe)
            if not p:
                continue
            port = (p.get("grpc") or p.get("tcpSocket") or p.get("httpGet") or {}).get("port")
            if port is not None:
                check(port in ports.values() or port in ports, f"{where}: {probe} port {port} is a container port")
        for e in c.get("env", []):
            ref = e.get("valueFrom", {}).get("secretKeyRef")
            if ref:
                s = secrets.get(ref["name"])
                check(s is not None and ref["key"] in s["stringData"], f"{where}: secret {ref['name']}/{ref['key']} exists")
        if c["image"] == "woodland-arena":
            sc = tmpl["spec"].get("securityContext", {})
            check(sc.get("runAsNonRoot") is True and sc.get("runAsUser") == 10001,
                  f"{where}: runs as the image's non-root user 10001")
            args = c.get("args", [])
            for i, a in enumerate(args):
                if a in ("--referee",):
                    check(args[i + 1].startswith("dns:///woodland-referee:"),
                          f"{where}: referees reached through DNS round_robin on the headless Service")
        ann = tmpl["metadata"].get("annotations", {})
        if ann.get("prometheus.io/scrape") == "true":
            check(int(ann["prometheus.io/port"]) in ports.values(), f"{where}: scrape port is a container port")
            check(ports.get("metrics") == int(ann["prometheus.io/port"]), f"{where}: scrape port is the metrics port")

for d in docs:
    if d["kind"] != "Service":
        continue
    where = f"{d['_file']}: Service {d['metadata']['name']}"
    targets = [w for w in workloads if w["kind"] != "CronJob" and all(
        pod_spec(w)["metadata"]["labels"].get(k) == v for k, v in d["spec"]["selector"].items())]
    check(len(targets) == 1, f"{where}: selects exactly one workload")
    if targets:
        names = {p["name"] for c in pod_spec(targets[0])["spec"]["containers"] for p in c["ports"]}
        for p in d["spec"]["ports"]:
            check(p.get("targetPort") in names, f"{where}: targetPort {p.get('targetPort')} is a named container port")

ref = by.get(("Service", "woodland-referee"))
check(ref is not None and ref["spec"].get("clusterIP") == "None", "referee Service is headless (DNS round_robin)")
arena = by.get(("Deployment", "woodland-arena"))
check(arena is not None and arena["spec"]["replicas"] >= 2, "two or more arena nodes")
check(by.get(("StatefulSet", "woodland-postgres")) is not None, "PostgreSQL StatefulSet")
check(any(d["kind"] == "CronJob" for d in docs), "a scheduled tournament CronJob")

for d in docs:
    if d["kind"] != "NetworkPolicy":
        continue
    sel = d["spec"]["podSelector"].get("matchLabels", {})
    if "app" in sel:
        check(sel["app"] in app_labels, f"NetworkPolicy {d['metadata']['name']} selects an existing app")
    for rule in d["spec"].get("ingress", []) + d["spec"].get("egress", []):
        for peer in rule.get("from", []) + rule.get("to", []):
            app = peer.get("podSelector", {}).get("matchLabels", {}).get("app")
            if app:
                check(app in app_labels, f"NetworkPolicy {d['metadata']['name']} names existing app {app}")
check(by.get(("NetworkPolicy", "default-deny")) is not None, "default-deny NetworkPolicy")

# --- Prometheus -----------------------------------------------------------
prom = os.path.join(ROOT, "deploy", "prometheus")
kcfg = yaml.safe_load(open(os.path.join(prom, "prometheus-kubernetes.yml")))
for w in workloads:
    tmpl = pod_spec(w)
    ann = tmpl["metadata"].get("annotations", {})
    if ann.get("prometheus.io/scrape") != "true":
        continue
    app = tmpl["metadata"]["labels"]["app"]
    jobs = [j for j in kcfg["scrape_configs"] if any(
        r.get("action") == "keep" and r.get("source_labels") == ["__meta_kubernetes_pod_label_app"]
        and re.fullmatch(r["regex"], app) for r in j.get("relabel_configs", []))]
    check(len(jobs) == 1, f"Prometheus on Kubernetes keeps the pods of app {app}")
static = yaml.safe_load(open(os.path.join(prom, "prometheus.yml")))
check(all("kubernetes_sd_configs" not in j for j in static["scrape_configs"]),
      "prometheus.yml has no Kubernetes discovery (Debian's 2.42 lacks it)")

if PROMTOOL:
    def promtool(*a, cwd=prom):
        r = subprocess.run([PROMTOOL, *a], cwd=cwd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
        return r.returncode == 0
    check(promtool("check", "config", "prometheus.yml"), "promtool check config prometheus.yml")
    check(promtool("check", "rules", "woodland-alerts.yml"), "promtool check rules")
    check(promtool("test", "rules", "woodland-alerts.test.yml"), "promtool test rules")
    # Debian's promtool is built without Kubernetes discovery: check the rest
    # of the Kubernetes file with each pod discovery replaced by a static list.
    with tempfile.TemporaryDirectory() as tmp:
        k = copy.deepcopy(kcfg)
        for j in k["scrape_configs"]:
            j.pop("kubernetes_sd_configs", None)
            j["static_configs"] = [{"targets": ["pod:1"]}]
        yaml.safe_dump(k, open(os.path.join(tmp, "k.yml"), "w"))
        shutil.copy(os.path.join(prom, "woodland-alerts.yml"), tmp)
        check(promtool("check", "config", "k.yml", cwd=tmp), "promtool check config (Kubernetes file, discovery stubbed)")
else:
    failed.append("promtool not found (Debian package prometheus)")

# --- Dockerfile -----------------------------------------------------------
docker = open(os.path.join(ROOT, "Dockerfile")).read()
stages = re.findall(r"^FROM \S+ AS (\S+)", docker, re.M)
check(stages == ["build", "runtime", "check", "image"], f"Dockerfile stages build/runtime/check/image ({stages})")
check(re.search(r"^USER woodland$", docker, re.M) is not None, "image runs as the non-root user")
check(re.search(r'^HEALTHCHECK .*\n?.*"woodland", "health"', docker, re.M) is not None, "HEALTHCHECK uses woodland health")
check("WOODLAND_BUILD_TESTS=OFF" in docker, "image build skips the tests")
exposed = {int(p) for p in re.findall(r"^EXPOSE (.*)$", docker, re.M)[0].split()}
for w in workloads:
    for c in pod_spec(w)["spec"]["containers"]:
        if c["image"] == "woodland-arena":
            for p in c.get("ports", []):
                check(p["containerPort"] in exposed, f"container port {p['containerPort']} is EXPOSEd")

for f in failed:
    print("FAILED:", f)
print(f"{passed} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
