// wire.cpp - encoder for the binary messages of the device protocol
// (login and heartbeat).  Integers are big endian, strings carry a
// 16-bit length prefix, and every message ends with a 16-bit checksum.
//
// Exported:
//   class PacketWriter
//   std::size_t encode_login(const std::string &user, const std::string &token,
//                            std::uint8_t *out, std::size_t outsz);
//   std::size_t encode_heartbeat(std::uint32_t seq, std::uint8_t *out,
//                                std::size_t outsz);
// The encode functions return the message length, or 0 if it cannot be
// built or does not fit into OUT.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

class PacketWriter {
public:
    static constexpr std::size_t kMaxPacket = 512;

    bool put_u8(std::uint8_t v)
    {
        if (kMaxPacket - len_ < 1)
            return false;
        buf_[len_++] = v;
        return true;
    }

    bool put_u16(std::uint16_t v)
    {
        if (kMaxPacket - len_ < 2)
            return false;
        buf_[len_++] = static_cast<std::uint8_t>(v >> 8);
        buf_[len_++] = static_cast<std::uint8_t>(v);
        return true;
    }

    bool put_u32(std::uint32_t v)
    {
        return put_u16(static_cast<std::uint16_t>(v >> 16)) &&
               put_u16(static_cast<std::uint16_t>(v));
    }

    bool put_bytes(const void *p, std::size_t n)
    {
        if (p == nullptr)
            return n == 0;
        std::memcpy(buf_ + len_, p, n); /* FLAW: CWE-121 */
        len_ += n;
        return true;
    }

    bool put_string(const std::string &s)
    {
        if (s.size() > 0xffff)
            return false;
        return put_u16(static_cast<std::uint16_t>(s.size())) &&
               put_bytes(s.data(), s.size());
    }

    // Append the checksum over everything written so far.
    bool finish()
    {
        std::uint16_t sum = 0;
        for (std::size_t i = 0; i < len_; ++i)
            sum = static_cast<std::uint16_t>((sum << 1 | sum >> 15) ^ buf_[i]);
        return put_u16(sum);
    }

    const std::uint8_t *data() const { return buf_; }
    std::size_t size() const { return len_; }

private:
    std::uint8_t buf_[kMaxPacket];
    std::size_t len_ = 0;
};

namespace {

constexpr std::uint8_t kMsgLogin = 0x01;
constexpr std::uint8_t kMsgHeartbeat = 0x02;
constexpr std::uint16_t kProtoVersion = 3;

std::size_t copy_out(const PacketWriter &w, std::uint8_t *out, std::size_t outsz)
{
    if (out == nullptr || w.size() > outsz)
        return 0;
    std::memcpy(out, w.data(), w.size());
    return w.size();
}

} // namespace

std::size_t encode_login(const std::string &user, const std::string &token,
                         std::uint8_t *out, std::size_t outsz)
{
    PacketWriter w;
    if (!w.put_u8(kMsgLogin) || !w.put_u16(kProtoVersion) ||
        !w.put_string(user) || !w.put_string(token) || !w.finish())
        return 0;
    return copy_out(w, out, outsz);
}

std::size_t encode_heartbeat(std::uint32_t seq, std::uint8_t *out, std::size_t outsz)
{
    PacketWriter w;
    if (!w.put_u8(kMsgHeartbeat) || !w.put_u32(seq) || !w.finish())
        return 0;
    return copy_out(w, out, outsz);
}
