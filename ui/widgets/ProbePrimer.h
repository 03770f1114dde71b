#pragma once

#include <QCoreApplication>
#include <QString>

namespace pb {

// The Help menu's texts: how a probe works, in the tutorial's terms and a few paragraphs,
// and what the workbench is. Rich text for a message box.
class ProbePrimer
{
    Q_DECLARE_TR_FUNCTIONS(ProbePrimer)

public:
    static QString howItWorks();
    static QString about();
};

} // namespace pb
