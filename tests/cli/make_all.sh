# The README's plain `make` builds what `rvpmu run` needs: the simulator and the SBI firmware it
# loads by default for S-mode payloads and kernels (build/firmware/rv{32,64}/rvpmu-fw.elf), so
# `rvpmu run --kernel Image` works after `make` alone. Checked on make's plan for the default
# goal (`make -n -B`: every command it would run, nothing built).
source "$(dirname "$0")/lib.sh"

plan=$(make -n -B --no-print-directory BUILD=build SANITIZE= 2>&1)
for x in rv32 rv64; do
  if grep -q -- "-o build/firmware/$x/rvpmu-fw.elf" <<<"$plan"; then ok "plain make builds the $x firmware"
  else not_ok "plain make builds the $x firmware" "$(grep -c . <<<"$plan") commands, none links build/firmware/$x/rvpmu-fw.elf"; fi
done
if grep -q -- "-o build/rvpmu " <<<"$plan"; then ok "plain make builds build/rvpmu"
else not_ok "plain make builds build/rvpmu" "no link of build/rvpmu in make's plan"; fi
