#include "plan/Layer.h"

namespace planscope {

QString shapeToText(const std::vector<qint64>& shape) {
    QStringList parts;
    parts.reserve(static_cast<qsizetype>(shape.size()));
    for (qint64 d : shape)
        parts << QString::number(d);
    return '[' + parts.join(QStringLiteral(", ")) + ']';
}

double Tensor::volume() const {
    double v = 1;
    for (qint64 d : shape)
        v *= static_cast<double>(d);
    return v;
}

QString Tensor::shapeText() const {
    return shapeToText(shape);
}

QString Tensor::description() const {
    return name + QStringLiteral(": ") + shapeText() + 'x' + format;
}

QString Layer::attribute(const QString& key) const {
    for (const auto& [k, v] : attributes)
        if (k == key)
            return v;
    return {};
}

} // namespace planscope
