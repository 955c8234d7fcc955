/*
 * bitmask_builder - build a CPU affinity style bitmask from a list of
 * CPU numbers and ranges, e.g. "0,2,4-7", and print it in hex.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t set_bits(uint32_t mask, int lo, int hi)
{
	for (int cpu = lo; cpu <= hi; cpu++)
		mask |= UINT32_C(1) << cpu; /* FLAW: CWE-1335 */
	return mask;
}

static int parse_list(const char *s, uint32_t *out)
{
	uint32_t mask = 0;

	while (*s) {
		char *end;
		long lo = strtol(s, &end, 10), hi;

		if (end == s)
			return -1;
		hi = lo;
		if (*end == '-') {
			s = end + 1;
			hi = strtol(s, &end, 10);
			if (end == s || hi < lo)
				return -1;
		}
		mask = set_bits(mask, (int)lo, (int)hi);
		if (*end == ',')
			end++;
		else if (*end != '\0')
			return -1;
		s = end;
	}
	*out = mask;
	return 0;
}

int main(int argc, char **argv)
{
	uint32_t mask;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CPULIST   (e.g. 0,2,4-7)\n", argv[0]);
		return 2;
	}
	if (parse_list(argv[1], &mask) != 0) {
		fprintf(stderr, "invalid cpu list '%s'\n", argv[1]);
		return 1;
	}
	printf("0x%08x\n", (unsigned)mask);
	return 0;
}
