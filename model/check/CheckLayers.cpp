#include "check/CheckLayers.h"

namespace planscope {
namespace {

constexpr qsizetype kLongName = 60;

QString shortName(const QString& name) {
    if (name.size() <= kLongName)
        return name;
    const qsizetype side = (kLongName - 3) / 2;
    return name.left(side) + QStringLiteral("...") + name.right(side);
}

} // namespace

CheckLayer entryLayer(const EnginePlan& plan, const GraphEntry& entry) {
    if (entry.place == GraphEntry::Place::Layer)
        return {entry.index, plan.layers[static_cast<std::size_t>(entry.index)].name};
    return {std::nullopt, entry.name};
}

std::vector<ExportedLayer> exportedLayers(const EnginePlan& plan) {
    std::vector<ExportedLayer> exported;
    if (!plan.facts) {
        exported.reserve(plan.layers.size() + plan.constants.size());
        for (const Layer& l : plan.layers)
            exported.push_back({&l, l.index, &l.name});
        for (const Layer& l : plan.constants)
            exported.push_back({&l, std::nullopt, &l.name});
        return exported;
    }
    exported.reserve(plan.facts->graph.size());
    for (const GraphEntry& entry : plan.facts->graph) {
        const auto i = static_cast<std::size_t>(entry.index);
        switch (entry.place) {
        case GraphEntry::Place::Layer: // as entryLayer names it
            exported.push_back({&plan.layers[i], entry.index, &plan.layers[i].name});
            break;
        case GraphEntry::Place::Constant:
            exported.push_back({&plan.constants[i], std::nullopt, &entry.name});
            break;
        case GraphEntry::Place::SetAside:
            exported.push_back({&plan.facts->setAside[i], std::nullopt, &entry.name});
            break;
        case GraphEntry::Place::OtherProfile:
            break;
        }
    }
    return exported;
}

QString namesText(const QStringList& names, int shown) {
    QStringList quoted;
    for (const QString& name : names.mid(0, shown))
        quoted << QLatin1Char('"') + shortName(name) + QLatin1Char('"');
    QString text = quoted.join(QStringLiteral(", "));
    if (names.size() > shown)
        text += QStringLiteral(" and %1 more").arg(names.size() - shown);
    return text;
}

QString namesText(const std::vector<CheckLayer>& layers, int shown) {
    QStringList names;
    for (const CheckLayer& l : layers)
        names << l.name;
    return namesText(names, shown);
}

OrderedJson layersJson(const std::vector<CheckLayer>& layers) {
    OrderedJson list = OrderedJson::array();
    for (const CheckLayer& l : layers)
        list.push_back({{"index", l.index ? OrderedJson(*l.index) : OrderedJson()},
                        {"name", l.name.toStdString()}});
    return list;
}

} // namespace planscope
