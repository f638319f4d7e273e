#pragma once

#include <QHash>
#include <QString>

namespace planscope {

// How trex names layers, shared by the graph reader and the profile merge so that a layer and
// its profile record end up with the same name.

// TensorRT 8.6+ separates names and metadata with \x1E and \x1F; trex shows them as '+'.
QString replaceRecordSeparators(QString text);

// trex's rule for repeated names: the second "x" becomes "x_2", the third "x_3", and so on.
// `seen` counts the names met so far: a QHash<QString, int>, or a QHash<NameKey, int> (cheaper
// to hash) where each name met first outlives it (the first is never renamed).
template <class Seen> QString disambiguatedName(Seen& seen, const QString& name) {
    const int count = ++seen[name];
    return count > 1 ? name + u'_' + QString::number(count) : name;
}

} // namespace planscope
