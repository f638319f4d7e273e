#pragma once

#include <QObject>

namespace planscope {

// The one layer selection of a window. Every view observes it and calls select(); views never
// call each other. -1 means nothing is selected.
class LayerSelection : public QObject {
    Q_OBJECT
  public:
    using QObject::QObject;

    int current() const { return m_current; }
    void select(int layer);
    void clear() { select(-1); }

  signals:
    void changed(int layer);

  private:
    int m_current = -1;
};

} // namespace planscope
