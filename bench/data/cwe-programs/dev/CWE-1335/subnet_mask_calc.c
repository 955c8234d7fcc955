/* subnet_mask_calc: print network, broadcast and host range for a CIDR
 * block such as 192.168.10.77/22. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t prefix_to_mask(int prefix)
{
	/* shifting a 32-bit value by 32 is undefined, so /0 is special */
	if (prefix == 0)
		return 0;
	return UINT32_MAX << (32 - prefix);
}

static void print_addr(const char *label, uint32_t host_order)
{
	struct in_addr a = { .s_addr = htonl(host_order) };
	char buf[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &a, buf, sizeof(buf));
	printf("%-10s %s\n", label, buf);
}

int main(int argc, char **argv)
{
	char addr[INET_ADDRSTRLEN];
	struct in_addr in;
	char *slash, *end;
	long prefix;
	uint32_t ip, mask, net, bcast;

	if (argc != 2 || !(slash = strchr(argv[1], '/')) ||
	    (size_t)(slash - argv[1]) >= sizeof(addr)) {
		fprintf(stderr, "usage: %s A.B.C.D/N\n", argv[0]);
		return 2;
	}
	memcpy(addr, argv[1], (size_t)(slash - argv[1]));
	addr[slash - argv[1]] = '\0';
	prefix = strtol(slash + 1, &end, 10);
	if (*end || end == slash + 1 || prefix < 0 || prefix > 32 ||
	    inet_pton(AF_INET, addr, &in) != 1) {
		fprintf(stderr, "invalid CIDR block '%s'\n", argv[1]);
		return 1;
	}

	ip = ntohl(in.s_addr);
	mask = prefix_to_mask((int)prefix);
	net = ip & mask;
	bcast = net | ~mask;
	print_addr("netmask", mask);
	print_addr("network", net);
	print_addr("broadcast", bcast);
	if (prefix <= 30) {
		print_addr("first", net + 1);
		print_addr("last", bcast - 1);
	}
	return 0;
}
