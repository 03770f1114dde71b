#include "widgets/ProbePrimer.h"

namespace pb {

QString ProbePrimer::howItWorks()
{
    return tr("<p><b>Matched pairs.</b> Write each input once per value of one attribute "
              "(formal and casual), with every fact the same. Only the attribute differs.</p>"
              "<p><b>Held fixed.</b> Model, system prompt, temperature and the list of seeds are "
              "the same for every variant, and every call starts a fresh conversation.</p>"
              "<p><b>Pre-registered metric.</b> Choose the one number you count in each reply "
              "before you run, and do not change it after seeing results. Once a run has "
              "results beyond its dry run, its settings lock; changing them makes a new run "
              "beside the old one.</p>"
              "<p><b>Log everything.</b> Every prompt and reply is kept: the log is the "
              "evidence.</p>"
              "<p><b>Per-item gaps.</b> For each item, the average of value A minus the average "
              "of value B. The sign-flip test asks how often flipping the signs of the gaps at "
              "random gives an average as large: that share is p.</p>"
              "<p><b>Same versus same.</b> Value A against itself on other seeds shows how big a "
              "gap noise alone makes. A real gap must stand clear of it.</p>"
              "<p><b>Null results count.</b> No detected gap says something about these items, "
              "values, metric and sample size, and nothing beyond them.</p>");
}

QString ProbePrimer::about()
{
    return tr("<p><b>Probe Workbench %1</b></p><p>Counterfactual bias probes on language "
              "models: matched pairs, fixed settings, a pre-chosen metric, per-item gaps, a "
              "sign-flip permutation test and a same-versus-same noise check.</p>")
        .arg(QStringLiteral(PB_VERSION));
}

} // namespace pb
