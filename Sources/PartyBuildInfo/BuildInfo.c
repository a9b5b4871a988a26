// The build's version, in C because a Swift -D flag carries no value: Package.swift defines
// PARTYHOST_VERSION (a C string literal) when the environment of `swift build` has it.
#include "PartyBuildInfo.h"

#ifndef PARTYHOST_VERSION
#define PARTYHOST_VERSION "0.1.0"
#endif

const char *party_build_version(void) {
    return PARTYHOST_VERSION;
}
