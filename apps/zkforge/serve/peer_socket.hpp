// SPDX-License-Identifier: Apache-2.0
// The connection of the request being handled: whether its client is still connected, and its end
// once answered. cpp-httplib 0.11 gives a handler no socket, so the socket is found among this
// process's descriptors by its two addresses, which the handler's Request names (a TCP connection's
// pair of addresses is unique while it is open, and the connection stays open while its handler and
// the server's logger run).
#pragma once

#include <chrono>
#include <string>

namespace zkforge::serve {

class PeerSocket {
 public:
  // The socket connecting local_addr:local_port to remote_addr:remote_port (numeric, as cpp-httplib
  // writes them); where none is found, gone() is always false.
  PeerSocket(const std::string& local_addr, int local_port, const std::string& remote_addr, int remote_port);

  // True once the client has closed or reset its side of the connection.
  bool gone() const;

  // Shuts down the writing side, so that the client reads what was written and then the end, and reads
  // and drops what the client still sends until it closes its side or `time` passes: closing the
  // socket with bytes unread would reset the connection, and a reset can lose an answer the client
  // has not read yet.
  void linger(std::chrono::milliseconds time) const;

 private:
  int fd_ = -1;
};

}  // namespace zkforge::serve
