/* rvpmu list: the events a core profile can count, with their mhpmevent selector values. */
#include <stdio.h>
#include <string.h>

#include "tools/commands.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: rvpmu list [--core NAME[,opt=val...]]\n"
          "\n"
          "Lists every event the core profile can count: its name (for 'rvpmu stat -e'), the\n"
          "mhpmevent value that selects it (also usable as 'rvpmu stat -e rHEX'), and what it\n"
          "counts.\n"
          "\n"
          "  --core NAME[,opt=val...]  the core profile: generic (default), ibex, cv32e40p or\n"
          "                            microblaze-v, with options as for 'rvpmu run' (they can\n"
          "                            change the event list); --core=NAME works too\n"
          "  -h, --help                this help\n"
          "\n"
          "Core options (all cores: counters=N, width=N):\n"
          "  generic       pmp=0|16|64 (PMP entries, default 16), pmp_granularity=BYTES (default 4),\n"
          "                misaligned=hardware|trap (default hardware), icache=, icache_line=,\n"
          "                icache_ways=, dcache=, dcache_line=, dcache_ways=, itlb=, dtlb=, bpred=\n"
          "  ibex          variant=doc|rtl, multiplier=fast|single-cycle|slow, bta=on|off,\n"
          "                wb_stage=on|off, mem_wait=N, rv32b=, pmp=0..16 (PMP entries, default 0),\n"
          "                pmp_granularity=BYTES, dbg_triggers=on|off\n"
          "  cv32e40p      see docs/cv32e40p.md\n"
          "  microblaze-v  see docs/microblaze-v.md\n"
          "An event a configuration cannot produce is listed with '(0: ...)' and counts 0.\n");
}

static void print_event(void *ctx, const char *name, uint64_t selector, const char *description) {
  const char *core = ((const char **)ctx)[0];
  int *printed = ((int **)ctx)[1];
  const char *isa = ((const char **)ctx)[2];
  if (!*printed) {
    printf("Events of core '%s', ISA %s (name, mhpmevent selector, description):\n\n", core, isa);
    *printed = 1;
  }
  char sel[32];
  /* Selector 0: a fixed counter's event (mcycle, minstret), no mhpmevent value selects it. */
  if (selector) snprintf(sel, sizeof sel, "r%llx", (unsigned long long)selector);
  else snprintf(sel, sizeof sel, "(fixed)");
  printf("  %-22s %-12s %s\n", name, sel, description);
}

int cmd_list(int argc, char **argv) {
  const char *core = "generic";
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      usage(stdout);
      return 0;
    }
    if (!strcmp(argv[i], "--core") && i + 1 < argc) {
      core = argv[++i];
      continue;
    }
    if (!strcmp(argv[i], "--core")) {
      fprintf(stderr, "rvpmu list: --core needs a value\n");
      return EXIT_USAGE;
    }
    fprintf(stderr, "rvpmu list: %s '%s' (see 'rvpmu list --help')\n",
            argv[i][0] == '-' ? "unknown option" : "unexpected argument", argv[i]);
    return EXIT_USAGE;
  }
  char err[256], isa[64];
  int header = 0;
  const void *ctx[3] = {core, &header, isa};
  if (rvpmu_core_isa(core, isa, sizeof isa, err, sizeof err) != 0 ||
      rvpmu_core_events(core, print_event, ctx, err, sizeof err) != 0) {
    fprintf(stderr, "rvpmu list: %s\n", err);
    return EXIT_USAGE;
  }
  return 0;
}
