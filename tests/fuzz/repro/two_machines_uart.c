/* Two machines in one process: the UART state is a single static, so the second
 * rvpmu_machine_create re-points it; after that machine is destroyed, the first one's
 * UART writes use the freed machine. */
#include <stdio.h>
#include "rvpmu/rvpmu.h"
int main(void) {
  char err[256];
  struct rvpmu_config cfg = {.xlen = 64, .ram_bytes = 1 << 20};
  struct rvpmu_machine *a = rvpmu_machine_create(&cfg, err, sizeof err);
  struct rvpmu_machine *b = rvpmu_machine_create(&cfg, err, sizeof err);
  /* lui t0, 0x10000; li t1, 'A'; sb t1, 0(t0); then loop */
  const unsigned prog[] = {0x100002b7, 0x04100313, 0x00628023, 0x0000006f};
  if (rvpmu_machine_write_memory(a, 0x80000000, prog, sizeof prog)) return 1;
  rvpmu_machine_destroy(b);
  rvpmu_machine_run(a, 10);
  rvpmu_machine_destroy(a);
  puts("\nno error");
  return 0;
}
