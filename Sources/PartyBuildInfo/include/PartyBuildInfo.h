#ifndef PARTY_BUILD_INFO_H
#define PARTY_BUILD_INFO_H

/// The version this build says it is: `PARTYHOST_VERSION` in the environment of `swift build`
/// (Scripts/version.sh makes it from `git describe`), else the version before the first release tag.
const char *party_build_version(void);

#endif
