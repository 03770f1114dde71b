#pragma once

#include <QFrame>

class QHBoxLayout;
class QLabel;

namespace pb {

// A strip across a page that says one thing and offers the action to take about it:
// "These settings have results ... [Unlock for a new run]". Hidden until shown with a
// message; its colour follows the palette.
class NoticeBanner : public QFrame
{
    Q_OBJECT
public:
    enum class Tone
    {
        Info,
        Warning,
        Error
    };

    explicit NoticeBanner(QWidget* parent = nullptr);

    // Shows the banner with text and, after it, buttons for actions (owned elsewhere).
    void showMessage(Tone tone, const QString& text, const QList<QAction*>& actions = {});
    QString text() const;
    Tone tone() const { return m_tone; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTone();

    Tone m_tone = Tone::Info;
    bool m_applying = false;
    QLabel* m_icon;
    QLabel* m_text;
    QHBoxLayout* m_buttons;
};

} // namespace pb
