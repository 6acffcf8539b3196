// Package netclass says what a host is by its value, not its spelling.
//
// Host normalises a URL's host, or a host argument, the way the network
// stack will read it: lower case, trailing dots dropped, percent-encoding
// decoded, userinfo and port set apart, an IPv6 zone dropped, every IPv4
// spelling inet_aton accepts (0xa9fea9fe, 2852039166, 0251.0376.0251.0376,
// 169.254.43518, mixed) written as a dotted quad, and IPv4-mapped,
// -compatible and NAT64 IPv6 addresses as the IPv4 address they reach.
//
// Classes are the hosts no agent should reach unasked, as data with
// examples: the cloud metadata services (AWS, GCP, Azure, Alibaba,
// Oracle, ECS and EKS, over IPv4 and IPv6, and their internal names) and
// the daemons on loopback that hand out a machine (the Docker API, the
// kubelet, etcd, a browser's debugging port). Shell analysis (curl, wget,
// httpie) and the WebFetch tool both ask Classify, so a spelling that
// passes one passes neither.
package netclass
