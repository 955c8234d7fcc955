#include <stdint.h>
#include <stdlib.h>

/* Generate the numeric code mailed to users for password reset. */
uint32_t make_reset_code(uint32_t user_id)
{
    srandom(user_id ^ 0x5f3759dfu); /* FLAW: rand_insecure */
    return (uint32_t)(random() % 1000000); /* FLAW: rand_insecure */
}

void make_salt(unsigned char salt[16])
{
    for (int i = 0; i < 16; i++)
        salt[i] = (unsigned char)(rand() & 0xff); /* FLAW: rand_insecure */
}
