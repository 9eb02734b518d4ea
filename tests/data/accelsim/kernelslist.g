MemcpyHtoD,0x00007f3c40000000,8000
MemcpyHtoD,0x00007f3c40002000,8000
kernel-1.traceg
MemcpyHtoD,0x00007f3c60000000,4096
MemcpyHtoD,0x00007f3c60200000,65536
kernel-2.traceg
kernel-3.traceg
