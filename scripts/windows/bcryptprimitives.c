/* A stand-in for Windows' bcryptprimitives.dll, for running pzl.exe under Wine only (it is never
 * shipped). Rust's standard library (1.78 and later) takes its random numbers (HashMap keys) from
 * ProcessPrng in bcryptprimitives.dll, which Windows 10 and later have and Wine before 9.x does
 * not: without this file every Rust program fails to start under Debian 12's Wine 8.0 with
 * "Library bcryptprimitives.dll not found" (exit status 53). ProcessPrng is answered with
 * RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
