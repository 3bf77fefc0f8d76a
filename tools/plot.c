/* Charts through gnuplot: we write a script with the data inline (gnuplot 5 data blocks) and
 * run `gnuplot SCRIPT`. Every label is drawn as plain text (termoption noenhanced), so event
 * and option names such as wb_stage keep their underscores. */
#include "tools/plot.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && !strcasecmp(s + n - k, suffix);
}

bool plot_format_known(const char *path) { return ends_with(path, ".svg") || ends_with(path, ".png"); }

/* A gnuplot single-quoted string: '' stands for '. */
static void quoted(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; s++) {
    if (*s == '\'') fputc('\'', f);
    if (*s != '\n') fputc(*s, f);
  }
  fputc('\'', f);
}

/* A data-block field: tabs separate fields, so none may appear inside one. */
static void field(FILE *f, const char *s) {
  for (; *s; s++) fputc(*s == '\t' || *s == '\n' ? ' ' : *s, f);
}

static void value(FILE *f, double v) {
  if (isnan(v)) fputs("?", f);
  else fprintf(f, "%.10g", v);
}

/* Palette that stays distinguishable in print and for common colour-vision deficiencies
 * (Okabe and Ito), cycled when there are more series. */
const char *const plot_colours[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#882255"};
const int plot_ncolours = (int)(sizeof plot_colours / sizeof *plot_colours);

static void write_chart(FILE *f, const struct plot_chart *c, int index, size_t key_chars) {
  fprintf(f, "$d%d << EOD\n", index);
  for (int p = 0; p < c->npoints; p++) {
    if (c->kind == PLOT_BARS) field(f, c->categories[p]);
    else value(f, c->x[p]);
    for (int s = 0; s < c->nseries; s++) {
      fputc('\t', f);
      value(f, c->values[s * c->npoints + p]);
    }
    fputc('\n', f);
  }
  fprintf(f, "EOD\n");
  fprintf(f, "set title ");
  quoted(f, c->title ? c->title : "");
  fprintf(f, "\nset xlabel ");
  quoted(f, c->xlabel ? c->xlabel : "");
  fprintf(f, "\nset ylabel ");
  quoted(f, c->ylabel ? c->ylabel : "");
  fprintf(f, "\nunset logscale\nset yrange [0:*]\nset grid ytics\n");
  if (c->kind == PLOT_BARS) {
    /* Core configurations make long legend entries: below the bars, where they have room. */
    fprintf(f, "set key below center horizontal\nset rmargin 4\n");
    fprintf(f, "set style data histograms\nset style histogram clustered gap 1\n"
               "set style fill solid 1.0 border rgb '#333333'\nset boxwidth 0.9\nset xrange [-0.6:%g]\n"
               "set xtics nomirror rotate by 0\nunset mxtics\n", c->npoints - 0.4);
    fprintf(f, "plot ");
    for (int s = 0; s < c->nseries; s++) {
      fprintf(f, "%s$d%d using %d%s title ", s ? ", " : "", index, s + 2, s ? "" : ":xtic(1)");
      quoted(f, c->series[s]);
      fprintf(f, " lc rgb '%s'", plot_colours[(c->first_colour + s) % plot_ncolours]);
    }
  } else {
    /* The legend to the right, in a margin that fits the longest name of all line charts, so
     * that stacked panels keep their x axes aligned. */
    fprintf(f, "set key outside right top vertical\nset rmargin %zu\n", key_chars + 10);
    /* Points mark the samples while they can be told apart; beyond that they only blur. */
    fprintf(f, "set style data %s\nset xtics autofreq nomirror\nset xrange [%s:*]\n",
            c->npoints <= 60 ? "linespoints" : "lines", c->x_from_zero ? "0" : "*");
    if (c->logx) fprintf(f, "set logscale x 2\n");
    fprintf(f, "plot ");
    for (int s = 0; s < c->nseries; s++) {
      fprintf(f, "%s$d%d using 1:%d title ", s ? ", " : "", index, s + 2);
      quoted(f, c->series[s]);
      fprintf(f, " lw 2 pt 7 ps 0.8 lc rgb '%s'", plot_colours[(c->first_colour + s) % plot_ncolours]);
    }
  }
  fprintf(f, "\n");
}

/* Runs gnuplot on `script`; 0 if it exited 0 (its messages go to our stderr). */
static int run_gnuplot(const char *script) {
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    execlp("gnuplot", "gnuplot", script, (char *)NULL);
    fprintf(stderr, "rvpmu: cannot run gnuplot: %s (install Debian's gnuplot-nox)\n", strerror(errno));
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* Whether a chart has any value to draw (gnuplot refuses a plot whose points are all missing). */
static bool has_values(const struct plot_chart *c) {
  for (int i = 0; i < c->nseries * c->npoints; i++)
    if (!isnan(c->values[i])) return true;
  return false;
}

int plot_write(const char *path, const struct plot_chart *all, int nall, int width, int height) {
  struct plot_chart charts[8];
  int ncharts = 0;
  for (int i = 0; i < nall && ncharts < 8; i++)
    if (has_values(&all[i])) charts[ncharts++] = all[i];
  if (ncharts == 0) {
    fprintf(stderr, "rvpmu: %s: nothing to draw (no values)\n", path);
    return 1;
  }
  if (ncharts < nall) height = height * ncharts / nall;
  bool svg = ends_with(path, ".svg");
  if (!svg && !ends_with(path, ".png")) {
    fprintf(stderr, "rvpmu: %s: a picture must end in .svg or .png\n", path);
    return -1;
  }
  size_t len = strlen(path) + 32;
  char *tmp = malloc(len), *script = malloc(len);
  snprintf(tmp, len, "%s.tmp%ld", path, (long)getpid());
  snprintf(script, len, "%s.gp%ld", path, (long)getpid());
  FILE *f = fopen(script, "w");
  int rc = -1;
  if (!f) {
    fprintf(stderr, "rvpmu: cannot write %s: %s\n", script, strerror(errno));
    goto out;
  }
  if (svg) fprintf(f, "set terminal svg size %d,%d dynamic font 'Sans,12' background rgb 'white'\n", width, height);
  else fprintf(f, "set terminal pngcairo size %d,%d font 'Sans,10' background rgb 'white'\n", width, height);
  fprintf(f, "set termoption noenhanced\nset output ");
  quoted(f, tmp);
  fprintf(f, "\nset datafile separator '\\t'\nset datafile missing '?'\nset border 3\nset tics nomirror\n");
  /* A fixed left margin (in character widths): stacked panels share their x positions. */
  fprintf(f, "set lmargin 12\n");
  if (ncharts > 1) fprintf(f, "set multiplot layout %d,1\n", ncharts);
  size_t key_chars = 0; /* the longest legend entry of the line charts */
  for (int i = 0; i < ncharts; i++)
    for (int k = 0; charts[i].kind == PLOT_LINES && k < charts[i].nseries; k++)
      if (strlen(charts[i].series[k]) > key_chars) key_chars = strlen(charts[i].series[k]);
  for (int i = 0; i < ncharts; i++) write_chart(f, &charts[i], i, key_chars);
  if (ncharts > 1) fprintf(f, "unset multiplot\n");
  fprintf(f, "unset output\n");
  if (fclose(f) != 0) goto out;
  if (run_gnuplot(script) != 0) {
    fprintf(stderr, "rvpmu: gnuplot could not draw %s (script kept in %s)\n", path, script);
    unlink(tmp);
    goto out_keep;
  }
  if (rename(tmp, path) != 0) {
    fprintf(stderr, "rvpmu: cannot write %s: %s\n", path, strerror(errno));
    unlink(tmp);
    goto out;
  }
  rc = 0;
out:
  unlink(script);
out_keep:
  free(tmp);
  free(script);
  return rc;
}
