# Sourced by the fpga/ scripts: reads fpga/configs/NAME.cfg into --set style assignments for
# tsu_top (one Param=Value per line, '#' comments). Usage: config_sets NAME -> prints
# "tsu_top.P=V" lines; exits 2 with the list of configurations if NAME is unknown.
config_sets() {
  local f="$root/fpga/configs/$1.cfg"
  if [[ ! -f "$f" ]]; then
    echo "unknown configuration '$1' (have: $(ls "$root/fpga/configs" | sed 's/\.cfg$//' | tr '\n' ' '))" >&2
    return 2
  fi
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$f" | { grep -E '^[A-Za-z][A-Za-z0-9_]*=' || true; } | sed 's/^/tsu_top./'
}
