/* rvpmu run: runs a program; its console goes to stdout and its exit code is rvpmu's. */
#include <stdio.h>
#include <string.h>

#include "tools/commands.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu run [options] prog.elf\n"
          "       rvpmu run [options] [--bios fw.elf] --kernel payload [--initrd F] [--append S]\n"
          "\n"
          "Runs a RISC-V ELF program (bare metal, e.g. built for QEMU's virt machine). The guest\n"
          "console (UART, HTIF) goes to stdout. The exit status is the guest's exit code (SiFive\n"
          "test device: 0x5555 gives 0, code<<16|0x3333 gives code; HTIF tohost (code<<1)|1 gives\n"
          "code); 2 for bad input, 124 when --max-insns stops it, 125 for a simulation error.\n"
          "\n"
          "Every long option also takes its value as --option=value.\n"
          "\n"
          "options:\n%s"
          "  --                        ends the options: the program follows\n"
          "  -h, --help                this help\n",
          machine_options_help);
}

int cmd_run(int argc, char **argv) {
  struct machine_options o = {0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      usage(stdout);
      return 0;
    }
    if (parse_program_argument("run", &o, argc, argv, &i) < 0) return EXIT_USAGE;
  }
  if (require_program("run", &o) != 0) return EXIT_USAGE;
  struct rvpmu_machine *m = machine_from_options(&o);
  if (!m) return EXIT_USAGE;
  double secs;
  int status = run_to_end(m, &o, &secs);
  fflush(stdout);
  rvpmu_machine_destroy(m);
  return status;
}
