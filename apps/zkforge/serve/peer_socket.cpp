// SPDX-License-Identifier: Apache-2.0
// PeerSocket: /proc/self/fd searched for the request's connection; poll(POLLRDHUP) to see it closed;
// shutdown(SHUT_WR), then reads until the client's end, to linger.
#include "peer_socket.hpp"

#include <dirent.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <cstdlib>

#include "zkforge/backend/stopwatch.hpp"

namespace zkforge::serve {
namespace {

// The numeric host and port of an address, as getnameinfo writes them (and so cpp-httplib).
bool same_address(const sockaddr_storage& a, socklen_t size, const std::string& host, int port) {
  char h[NI_MAXHOST], p[NI_MAXSERV];
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&a), size, h, sizeof h, p, sizeof p,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return false;
  return host == h && port == std::atoi(p);
}

}  // namespace

PeerSocket::PeerSocket(const std::string& local_addr, int local_port, const std::string& remote_addr, int remote_port) {
  DIR* fds = ::opendir("/proc/self/fd");
  if (fds == nullptr) return;
  while (const dirent* entry = ::readdir(fds)) {
    char* end = nullptr;
    const long fd = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0') continue;
    sockaddr_storage local{}, remote{};
    socklen_t local_size = sizeof local, remote_size = sizeof remote;
    const int s = static_cast<int>(fd);
    if (::getsockname(s, reinterpret_cast<sockaddr*>(&local), &local_size) != 0 ||
        ::getpeername(s, reinterpret_cast<sockaddr*>(&remote), &remote_size) != 0)
      continue;
    if (same_address(local, local_size, local_addr, local_port) &&
        same_address(remote, remote_size, remote_addr, remote_port)) {
      fd_ = s;
      break;
    }
  }
  ::closedir(fds);
}

bool PeerSocket::gone() const {
  if (fd_ < 0) return false;
  pollfd p{fd_, POLLRDHUP, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

void PeerSocket::linger(std::chrono::milliseconds time) const {
  if (fd_ < 0) return;
  ::shutdown(fd_, SHUT_WR);
  const auto end = Clock::now() + time;
  char dropped[16384];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
    pollfd p{fd_, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) return;
    if (::recv(fd_, dropped, sizeof dropped, 0) <= 0) return;  // the client's end, or an error
  }
}

}  // namespace zkforge::serve
