/* thumbgeom -- compute the size of a thumbnail for an image, for use in
   shell scripts that drive an image converter.

   usage: thumbgeom [-w WIDTH | -h HEIGHT | -s PERCENT] IMG-WIDTH IMG-HEIGHT

     -w  fit to WIDTH, keeping the aspect ratio
     -h  fit to HEIGHT, keeping the aspect ratio
     -s  scale both sides by PERCENT (1-100)

   Without an option the image size is printed unchanged.
   The result is printed as WIDTHxHEIGHT.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_DIM 65535L

enum mode
{
  MODE_NONE,
  MODE_WIDTH,
  MODE_HEIGHT,
  MODE_SCALE
};

/* Parse a positive decimal number not larger than MAX.  */
static int
parse_num (const char *s, long max, long long *out)
{
  char *end;
  long v;

  errno = 0;
  v = strtol (s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || v < 1 || v > max)
    return -1;
  *out = v;
  return 0;
}

static void
usage (const char *prog)
{
  fprintf (stderr,
           "usage: %s [-w WIDTH | -h HEIGHT | -s PERCENT] IMG-WIDTH IMG-HEIGHT\n",
           prog);
}

int
main (int argc, char **argv)
{
  enum mode mode = MODE_NONE;
  long long arg = 0, in_w, in_h, out_w, out_h;
  int opt;

  while ((opt = getopt (argc, argv, "w:h:s:")) != -1)
    {
      long max = MAX_DIM;

      switch (opt)
        {
        case 'w':
          mode = MODE_WIDTH;
          break;
        case 'h':
          mode = MODE_HEIGHT;
          break;
        case 's':
          mode = MODE_SCALE;
          max = 100;
          break;
        default:
          usage (argv[0]);
          return 2;
        }
      if (parse_num (optarg, max, &arg) < 0)
        {
          fprintf (stderr, "%s: invalid value for -%c: %s\n",
                   argv[0], opt, optarg);
          return 2;
        }
    }

  if (argc - optind != 2
      || parse_num (argv[optind], MAX_DIM, &in_w) < 0
      || parse_num (argv[optind + 1], MAX_DIM, &in_h) < 0)
    {
      usage (argv[0]);
      return 2;
    }

  switch (mode)
    {
    case MODE_WIDTH:
      out_w = arg;
      out_h = in_h * arg / in_w;
      break;
    case MODE_HEIGHT:
      out_h = arg;
      out_w = in_w * arg / in_h;
      break;
    case MODE_SCALE:
      out_w = in_w * arg / 100;
      out_h = in_h * arg / 100;
      break;
    case MODE_NONE:
      break;
    }

  /* very thin images must not collapse to zero pixels */
  if (out_w < 1) /* FLAW: CWE-457 */
    out_w = 1;
  if (out_h < 1) /* FLAW: CWE-457 */
    out_h = 1;

  printf ("%lldx%lld\n", out_w, out_h);
  return 0;
}
