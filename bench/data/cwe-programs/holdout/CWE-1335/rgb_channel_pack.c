/* rgb_channel_pack: set one channel of packed 0xAARRGGBB colours read
 * from stdin. The channel index (0=blue, 1=green, 2=red, 3=alpha) and
 * the new value come from the command line.
 *
 *   echo ff336699 | rgb_channel_pack 2 0x80
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t set_channel(uint32_t argb, int channel, uint8_t value)
{
	int shift = channel * 8;
	uint32_t clear = ~(UINT32_C(0xff) << shift); /* FLAW: CWE-1335 */

	return (argb & clear) | ((uint32_t)value << shift); /* FLAW: CWE-1335 */
}

int main(int argc, char **argv)
{
	unsigned long value;
	unsigned int colour;
	int channel;
	char *end;

	if (argc != 3) {
		fprintf(stderr, "usage: %s CHANNEL VALUE < colours\n", argv[0]);
		return 2;
	}
	channel = atoi(argv[1]);
	if (channel > 3) {
		fprintf(stderr, "channel must be 0..3\n");
		return 2;
	}
	value = strtoul(argv[2], &end, 0);
	if (*end != '\0' || value > 0xff) {
		fprintf(stderr, "value must be 0..255\n");
		return 2;
	}
	while (scanf("%x", &colour) == 1)
		printf("%08x\n", (unsigned)set_channel(colour, channel, (uint8_t)value));
	return 0;
}
