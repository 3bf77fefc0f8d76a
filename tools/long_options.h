/* getopt_long's convention for rvpmu's commands: a long option may carry its value after '='. */
#ifndef RVPMU_TOOLS_LONG_OPTIONS_H
#define RVPMU_TOOLS_LONG_OPTIONS_H

/* Splits every --option=value of argv (after argv[1], the command, up to a lone double dash:
 * after it everything is the program's) into two arguments, into a new argv freed at exit.
 * The argument after an option that takes a value is that value, left whole, so that
 * `--append "--x=y"` keeps its value. Returns argv itself if memory runs out. */
char **split_long_options(int argc, char **argv, int *new_argc);

#endif
