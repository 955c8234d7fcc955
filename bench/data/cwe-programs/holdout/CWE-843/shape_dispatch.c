/* shape_dispatch: compute areas and perimeters of shapes read from stdin
 * ("circle R", "rect W H", "tri A B C") using a per-type operations
 * table; each shape object carries the table that matches its layout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shape;

struct shape_ops {
	const char *name;
	double (*area)(const struct shape *);
	double (*perimeter)(const struct shape *);
};

struct shape {
	const struct shape_ops *ops;
	double p[3];
};

static double circle_area(const struct shape *s) { return M_PI * s->p[0] * s->p[0]; }
static double circle_perim(const struct shape *s) { return 2 * M_PI * s->p[0]; }
static double rect_area(const struct shape *s) { return s->p[0] * s->p[1]; }
static double rect_perim(const struct shape *s) { return 2 * (s->p[0] + s->p[1]); }

static double tri_perim(const struct shape *s)
{
	return s->p[0] + s->p[1] + s->p[2];
}

static double tri_area(const struct shape *s)
{
	double h = tri_perim(s) / 2;	/* Heron's formula */
	double q = h * (h - s->p[0]) * (h - s->p[1]) * (h - s->p[2]);
	return q > 0 ? sqrt(q) : 0.0;
}

static const struct shape_ops circle_ops = { "circle", circle_area, circle_perim };
static const struct shape_ops rect_ops = { "rect", rect_area, rect_perim };
static const struct shape_ops tri_ops = { "tri", tri_area, tri_perim };

static int parse_shape(const char *line, struct shape *s)
{
	memset(s, 0, sizeof(*s));
	if (sscanf(line, "circle %lf", &s->p[0]) == 1)
		s->ops = &circle_ops;
	else if (sscanf(line, "rect %lf %lf", &s->p[0], &s->p[1]) == 2)
		s->ops = &rect_ops;
	else if (sscanf(line, "tri %lf %lf %lf", &s->p[0], &s->p[1], &s->p[2]) == 3)
		s->ops = &tri_ops;
	else
		return -1;
	return 0;
}

int main(void)
{
	char line[128];
	struct shape s;
	double total = 0.0;

	while (fgets(line, sizeof(line), stdin)) {
		if (parse_shape(line, &s) != 0) {
			fprintf(stderr, "cannot parse: %s", line);
			continue;
		}
		printf("%-6s area %10.3f perimeter %10.3f\n", s.ops->name,
		       s.ops->area(&s), s.ops->perimeter(&s));
		total += s.ops->area(&s);
	}
	printf("total area %.3f\n", total);
	return 0;
}
