/* Charts drawn by gnuplot (Debian gnuplot-nox): line charts and grouped bar charts, stacked as
 * panels in one SVG or PNG. Shared by `rvpmu stat -I --plot` and `rvpmu sweep`'s summary. */
#ifndef RVPMU_TOOLS_PLOT_H
#define RVPMU_TOOLS_PLOT_H

#include <stdbool.h>

enum plot_kind {
  PLOT_LINES, /* x numeric (x[]), one line per series */
  PLOT_BARS,  /* x categorical (categories[]), one bar per series in each category's group */
};

struct plot_chart {
  enum plot_kind kind;
  const char *title, *xlabel, *ylabel; /* shown as given (no gnuplot markup) */
  int npoints;                         /* x values or categories */
  const double *x;                     /* PLOT_LINES: npoints x values, ascending */
  const char *const *categories;       /* PLOT_BARS: npoints category names */
  int nseries;
  const char *const *series;           /* the legend: nseries names */
  const double *values;                /* nseries * npoints, series-major; NAN = no value */
  bool logx;                           /* PLOT_LINES: logarithmic (base 2) x axis */
  bool x_from_zero;                    /* PLOT_LINES: the x axis starts at 0 (time) */
  int first_colour;                    /* index in the palette of series 0 (panels can differ) */
};

/* The palette's colours (#RRGGBB), in order; tests look for them in rendered pictures. */
extern const char *const plot_colours[];
extern const int plot_ncolours;

/* Draws the charts one below the other into `path`: an SVG if it ends in .svg, a PNG if in
 * .png (written to a temporary file, then renamed); a chart without any value is left out.
 * Returns 0; 1 (with a note on stderr) if no chart had a value, so nothing was drawn; or -1
 * with a message on stderr (unknown extension, gnuplot missing or failing). */
int plot_write(const char *path, const struct plot_chart *charts, int ncharts, int width, int height)
    __attribute__((warn_unused_result));

/* Whether `path` names a format plot_write draws (.svg or .png). */
bool plot_format_known(const char *path);

#endif
