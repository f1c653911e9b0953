#!/usr/bin/env bash
# Installs the Debian 12 packages attnverify needs to build, test and typeset its reports.
# Idempotent: packages already installed are skipped, and nothing is fetched when all are present.
# Usage: scripts/install-deps.sh [--sanitizers | --bench | --slurm]   (as root, or with sudo available)
set -euo pipefail

packages=(
  # toolchain
  g++ cmake make pkg-config
  # symbolic engine
  libginac-dev libcln-dev
  # numerics: Boost.Math, Boost.Multiprecision (header-only), Boost.Test; MPFR/GMP backends; Eigen
  libboost-dev libboost-math-dev libboost-test-dev libmpfr-dev libgmp-dev libeigen3-dev
  # ball arithmetic (Arb on FLINT) for certified evaluations; NLopt's derivative-free
  # optimisers for the counterexample search of claims
  libflint-arb-dev libflint-dev libnlopt-cxx-dev
  # specs, command line, formatting, JSON
  libtomlplusplus-dev libcli11-dev libfmt-dev nlohmann-json3-dev
  # SHA-256 of the spec files in the report (OpenSSL EVP)
  libssl-dev
  # reports: LaTeX with pgfplots, compiled by latexmk (Latin Modern fonts in T1 encoding,
  # so that | < > print as themselves); pdftoppm for looking at pages
  latexmk texlive-latex-base texlive-latex-recommended texlive-pictures texlive-fonts-recommended
  lmodern
  # quotations of the Chinese sources in the report: the CJK package and its gbsn font
  latex-cjk-chinese latex-cjk-chinese-arphic-gbsn00lp
  poppler-utils
  # reference values in tests/bench come from Debian's mpmath; README's results-as-data lines
  # (tests/results_data_test.py) use pandas and matplotlib; tests/export_test.py runs the
  # exported forms (derive --format sympy|mathematica) with SymPy
  python3 python3-mpmath python3-pandas python3-matplotlib python3-sympy
)
# scripts/sanitize.sh and scripts/fuzz.sh: clang with AddressSanitizer, UBSan,
# libFuzzer (compiler-rt) and its OpenMP runtime
if [ "${1:-}" = "--sanitizers" ]; then
  packages+=(clang libclang-rt-14-dev libomp-14-dev)
fi
# --bench (bench/route_bench's SymPy baseline of the derivation timings) needs nothing more:
# SymPy is installed above, for tests/export_test.py; the option is still accepted
# tests/slurm_test.sh: a one-node Slurm cluster (slurmctld, slurmd) with MUNGE authentication;
# installing them starts no daemon here (no systemd in the CI container; the test starts its own)
if [ "${1:-}" = "--slurm" ]; then
  packages+=(slurm-wlm munge)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${#missing[@]} packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
