/*
 * session_cipher.c - encrypting netcat-like pipe between two hosts.
 *
 * usage: session_cipher connect HOST PORT     (stdin -> peer)
 *        session_cipher listen PORT           (peer -> stdout)
 * Both sides derive the session key from the shared secret in the
 * PIPE_SECRET environment variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <openssl/evp.h>

static int derive(const char *secret, unsigned char key[32])
{
    unsigned int len = 0;
    return EVP_Digest(secret, strlen(secret), key, &len, EVP_sha256(), NULL) == 1 ? 0 : -1;
}

static EVP_CIPHER_CTX *stream_ctx(const unsigned char key[32], int enc)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();

    if (c == NULL)
        return NULL;
    if (EVP_CipherInit_ex(c, EVP_rc4(), NULL, NULL, NULL, enc) != 1 || /* FLAW: CWE-327 */
        EVP_CIPHER_CTX_set_key_length(c, 32) != 1 ||
        EVP_CipherInit_ex(c, NULL, NULL, key, NULL, enc) != 1) {
        EVP_CIPHER_CTX_free(c);
        return NULL;
    }
    return c;
}

static int tcp(const char *host, const char *port, int listening)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = listening ? AI_PASSIVE : 0 };
    struct addrinfo *ai;
    int fd, c;

    if (getaddrinfo(host, port, &hints, &ai) != 0)
        return -1;
    fd = socket(ai->ai_family, ai->ai_socktype, 0);
    if (fd >= 0 && listening) {
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, 1) == 0 &&
            (c = accept(fd, NULL, NULL)) >= 0) {
            close(fd);
            fd = c;
        } else {
            close(fd);
            fd = -1;
        }
    } else if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

int main(int argc, char **argv)
{
    const char *secret = getenv("PIPE_SECRET");
    unsigned char key[32], in[4096], out[4096];
    int listening, fd, src, dst, olen;
    ssize_t n;
    EVP_CIPHER_CTX *ctx;

    listening = argc == 3 && strcmp(argv[1], "listen") == 0;
    if (!secret || !(listening || (argc == 4 && strcmp(argv[1], "connect") == 0))) {
        fprintf(stderr, "usage: PIPE_SECRET=... %s connect HOST PORT | listen PORT\n", argv[0]);
        return 2;
    }
    if (derive(secret, key) != 0 || (ctx = stream_ctx(key, !listening)) == NULL)
        return 1;
    fd = listening ? tcp(NULL, argv[2], 1) : tcp(argv[2], argv[3], 0);
    if (fd < 0) {
        perror("network");
        return 1;
    }
    src = listening ? fd : STDIN_FILENO;
    dst = listening ? STDOUT_FILENO : fd;
    while ((n = read(src, in, sizeof in)) > 0) {
        if (EVP_CipherUpdate(ctx, out, &olen, in, (int)n) != 1 || write(dst, out, (size_t)olen) != olen)
            break;
    }
    EVP_CIPHER_CTX_free(ctx);
    close(fd);
    return 0;
}
