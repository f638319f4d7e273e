#pragma once

#include <QString>
#include <QStringView>
#include <functional>
#include <string_view>

namespace planscope {

// A layer's or tensor's name as a QHash key, viewed, not copied: its string must outlive the key.
// Qt's own hash of a string is SipHash on the usual builds (without AES at compile time), which on
// names of a few characters costs about four times libstdc++'s hash; opening a 21k-layer plan
// hashes names a few hundred thousand times (the loader, the tensor index, the check, the module
// graph). The files are the user's own: a seeded hash against crafted collisions buys nothing.
struct NameKey {
    QStringView name;

    NameKey(QStringView view) noexcept : name(view) {}    // NOLINT: converts by design
    NameKey(const QString& text) noexcept : name(text) {} // NOLINT: converts by design
    friend bool operator==(NameKey a, NameKey b) noexcept { return a.name == b.name; }
};

inline std::size_t qHash(NameKey key, std::size_t seed = 0) noexcept {
    const std::u16string_view units(reinterpret_cast<const char16_t*>(key.name.utf16()),
                                    static_cast<std::size_t>(key.name.size()));
    return std::hash<std::u16string_view>{}(units) ^ seed;
}

} // namespace planscope
