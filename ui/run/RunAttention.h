#pragma once

#include <QObject>
#include <functional>

class QAction;

namespace pb {

class BackgroundRun;
class NoticeBanner;
class RunControl;

// Keeps a run's start and end in view wherever the user is. Start and the dry run work from
// every page (F5, Ctrl+Shift+R): starting one asks for the Run page, where its log fills; so
// does a start that is refused, whose reason the Run page's banner gives. A run that ends
// short (stopped, or with failed calls) while another page is shown says so in the window's
// banner, with a button to the Run page.
class RunAttention : public QObject
{
    Q_OBJECT
public:
    // runPageShown: whether the Run page is the one in view.
    RunAttention(RunControl* control, BackgroundRun* run, NoticeBanner* windowBanner,
                 std::function<bool()> runPageShown, QObject* parent = nullptr);

Q_SIGNALS:
    void runPageWanted();

private:
    NoticeBanner* m_banner;
    std::function<bool()> m_runPageShown;
    QAction* m_showRunPage;
};

} // namespace pb
