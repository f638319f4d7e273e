#include "onnxexport/TensorValues.h"

namespace planscope {

TensorValues::TensorValues(const EnginePlan& plan, const QSet<QString>& inputBindings)
    : m_inputBindings(inputBindings), m_reads(plan.layers.size()), m_writes(plan.layers.size()) {
    QHash<QString, bool> lastWasWrite;
    const auto access = [&](const Tensor& t, bool write) {
        std::vector<int>& values = m_writers[t.name];
        const auto previous = lastWasWrite.constFind(t.name);
        if (previous == lastWasWrite.constEnd() || (write && !*previous))
            values.push_back(0); // a write after reads starts a new value
        lastWasWrite[t.name] = write;
        const int value = int(values.size()) - 1;
        return Access{t.name, value, write ? values.back()++ : 0};
    };
    for (const Layer& layer : plan.layers) {
        const auto index = static_cast<std::size_t>(layer.index);
        for (const Tensor& t : layer.graphInputs())
            m_reads[index].push_back(access(t, false));
        for (const Tensor& t : layer.graphOutputs())
            m_writes[index].push_back(access(t, true));
    }
}

QString TensorValues::valueName(const QString& tensor, int value) const {
    const std::vector<int>& values = *m_writers.constFind(tensor);
    // The value that keeps the name: what an input binding brings, else the last one written.
    const int named = values.front() == 0 ? 0 : int(values.size()) - 1;
    return value == named ? tensor : tensor + QLatin1Char('.') + QString::number(value);
}

QString TensorValues::partName(const QString& tensor, int value, int part) const {
    const int parts = (*m_writers.constFind(tensor))[static_cast<std::size_t>(value)];
    const QString name = valueName(tensor, value);
    return part + 1 == parts
               ? name
               : QStringLiteral("%1 (part %2 of %3)").arg(name).arg(part + 1).arg(parts);
}

QString TensorValues::output(int layer, int i) const {
    const Access& write = m_writes[static_cast<std::size_t>(layer)][static_cast<std::size_t>(i)];
    return partName(write.tensor, write.value, write.part);
}

QStringList TensorValues::input(int layer, int i) const {
    const Access& read = m_reads[static_cast<std::size_t>(layer)][static_cast<std::size_t>(i)];
    const int writers = (*m_writers.constFind(read.tensor))[static_cast<std::size_t>(read.value)];
    if (writers == 0)
        return m_inputBindings.contains(read.tensor) ? QStringList{read.tensor} : QStringList();
    QStringList names;
    for (int part = 0; part < writers; ++part)
        names << partName(read.tensor, read.value, part);
    return names;
}

QString TensorValues::last(const QString& tensor) const {
    const auto it = m_writers.constFind(tensor);
    if (it == m_writers.constEnd() || (it->back() == 0 && !m_inputBindings.contains(tensor)))
        return {};
    return valueName(tensor, int(it->size()) - 1);
}

} // namespace planscope
