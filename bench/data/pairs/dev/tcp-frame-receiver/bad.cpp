// framesink - accept TCP connections one at a time and keep the most
// recent framed messages in memory, printing a one-line summary of each.
// Used as a stand-in for the telemetry collector in integration tests.
//
// Frame format: 4-byte big-endian length followed by that many bytes.
// usage: framesink PORT

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kMaxFrame = 1 << 20;   // transport limit
constexpr std::size_t kMaxPayload = 4096;    // stored message size
constexpr std::size_t kKeep = 64;            // messages kept in memory

struct Message {
    std::vector<std::uint8_t> payload;
    std::size_t length = 0;
    Message() : payload(kMaxPayload) {}
};

bool recv_exact(int fd, void *buf, std::size_t n)
{
    auto *p = static_cast<std::uint8_t *>(buf);
    while (n > 0) {
        ssize_t r = recv(fd, p, n, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

// Store a received frame body in M.
void copy_payload(Message &m, const std::uint8_t *src, std::size_t n)
{
    std::memcpy(m.payload.data(), src, n); /* FLAW: CWE-122 */
    m.length = n;
}

std::string preview(const Message &m)
{
    std::string s;
    for (std::size_t i = 0; i < m.length && i < 32; ++i)
        s += std::isprint(m.payload[i]) ? static_cast<char>(m.payload[i]) : '.';
    return s;
}

void handle_client(int fd, std::deque<Message> &recent)
{
    for (;;) {
        std::uint8_t hdr[4];
        if (!recv_exact(fd, hdr, sizeof hdr))
            return;
        std::uint32_t len = (std::uint32_t{hdr[0]} << 24) | (std::uint32_t{hdr[1]} << 16) |
                            (std::uint32_t{hdr[2]} << 8) | std::uint32_t{hdr[3]};
        if (len > kMaxFrame) {
            std::cerr << "frame of " << len << " bytes exceeds limit, closing\n";
            return;
        }

        std::vector<std::uint8_t> body(len);
        if (len > 0 && !recv_exact(fd, body.data(), body.size()))
            return;

        Message m;
        copy_payload(m, body.data(), body.size());
        std::cout << "[" << m.length << " bytes] " << preview(m) << '\n';
        recent.push_back(std::move(m));
        if (recent.size() > kKeep)
            recent.pop_front();
    }
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " PORT\n";
        return 2;
    }
    char *end = nullptr;
    long port = std::strtol(argv[1], &end, 10);
    if (*end != '\0' || port <= 0 || port > 65535) {
        std::cerr << "invalid port " << argv[1] << '\n';
        return 2;
    }

    int srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) {
        std::perror("socket");
        return 1;
    }
    int one = 1;
    if (setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
        std::perror("setsockopt");

    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (bind(srv, reinterpret_cast<sockaddr *>(&addr), sizeof addr) < 0 ||
        listen(srv, 8) < 0) {
        std::perror("bind");
        close(srv);
        return 1;
    }

    std::deque<Message> recent;
    for (;;) {
        int fd = accept(srv, nullptr, nullptr);
        if (fd < 0) {
            if (errno == EINTR)
                continue;
            std::perror("accept");
            break;
        }
        handle_client(fd, recent);
        close(fd);
    }
    close(srv);
    return 1;
}
