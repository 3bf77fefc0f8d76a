/* Output files are checked before a run, so that a typo in a path fails at once rather than
 * after minutes of simulation (perf opens its -o file before it starts the workload). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/commands.h"

int check_output_path(const char *cmd, const char *opt, const char *path) {
  if (!strcmp(path, "-")) return 0; /* stdout */
  if (!*path) {
    fprintf(stderr, "rvpmu %s: %s: empty file name\n", cmd, opt);
    return -1;
  }
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      fprintf(stderr, "rvpmu %s: %s %s: is a directory\n", cmd, opt, path);
      return -1;
    }
    if (access(path, W_OK) != 0) {
      fprintf(stderr, "rvpmu %s: %s %s: %s\n", cmd, opt, path, strerror(errno));
      return -1;
    }
    return 0;
  }
  /* A new file: its directory must exist and be writable. */
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    fprintf(stderr, "rvpmu %s: %s %s: directory %s does not exist\n", cmd, opt, path, dir);
    return -1;
  }
  if (access(dir, W_OK) != 0) {
    fprintf(stderr, "rvpmu %s: %s %s: cannot create a file in %s: %s\n", cmd, opt, path, dir, strerror(errno));
    return -1;
  }
  return 0;
}
