#include "kernels/KernelGrammar.h"

#include <QRegularExpression>

namespace planscope::kernelgrammar {

bool readMmaToken(const QString& token, MmaToken& mma) {
    // M is 8 or 16, N 8 or 16, K 4 to 256: "16816" is m16n8k16, "884" m8n8k4, "8816" m8n8k16.
    static const QRegularExpression re(QStringLiteral(
        "^([hsid])(16|8)(16|8)(4|8|16|32|64|128|256)(gemm|cudnn|fprop|dgrad|wgrad)?$"));
    const QRegularExpressionMatch m = re.match(token);
    if (!m.hasMatch())
        return false;
    mma.precision = m.captured(1).at(0);
    mma.shape = QStringLiteral("m%1n%2k%3").arg(m.captured(2), m.captured(3), m.captured(4));
    mma.kind = m.captured(5);
    return true;
}

QString cudaCoreKernelPrefix(const QString& token) {
    static const QRegularExpression re(QStringLiteral("^(gc|[hsidcz])(gemm|gemv|gemvx|cudnn)$"));
    return re.match(token).captured(1);
}

QStringList typesOf(const QString& token) {
    // Ordered so that a longer name is tried before its prefix (tf32 before f32, int8x4 before
    // int8); the upper-case forms may end in a layout (pooling: "FP16FP32NHWC").
    static const QRegularExpression compact(
        QStringLiteral("^(?:tf32|bf16|f16|f32|f64|cf32|cf64|i8|i32|i4|u8|s8|e4m3|e5m2)+$"));
    static const QRegularExpression spelled(
        QStringLiteral("^(?:int8x4|int8|int32|fp16|fp32|fp8|bf16|tf32)+(?:nhwc|nchw|ndhwc|ncdhw|"
                       "ncxhw\\d+)?$"));
    static const QRegularExpression type(
        QStringLiteral("tf32|bf16|int8x4|int8|int32|fp16|fp32|fp8|cf32|cf64|f16|f32|f64|i8|i32|"
                       "i4|u8|s8|e4m3|e5m2"));
    if (!compact.match(token).hasMatch() && !spelled.match(token).hasMatch())
        return {};
    QStringList types;
    // A layout after spelled-out types is not read as types: stop at the first gap.
    for (int at = 0; at < token.size();) {
        const QRegularExpressionMatch m = type.match(token, at, QRegularExpression::NormalMatch,
                                                     QRegularExpression::AnchorAtOffsetMatchOption);
        if (!m.hasMatch())
            break;
        types << m.captured();
        at += int(m.capturedLength());
    }
    return types;
}

bool isSpelledOut(const QString& type) {
    return type.startsWith(QLatin1String("fp")) || type.startsWith(QLatin1String("int"));
}

QString dimensionsAfter(const QString& token, const QString& prefix) {
    static const QRegularExpression dims(QStringLiteral("^\\d+(?:x\\d+)+$"));
    if (!token.startsWith(prefix))
        return {};
    const QString rest = token.mid(prefix.size());
    return dims.match(rest).hasMatch() ? rest : QString();
}

int numberAfter(const QString& token, const QString& prefix) {
    if (!token.startsWith(prefix) || token.size() == prefix.size())
        return -1;
    bool ok = false;
    const int n = token.mid(prefix.size()).toInt(&ok);
    return ok ? n : -1;
}

QStringList layoutsIn(const QString& lowerName) {
    static const QRegularExpression re(
        QStringLiteral("(ncdhw|ndhwc|nhwc|nchw|ncxhw\\d+|kcrs|krsc|kcdrs)(?:_vect_c_(\\d+))?"));
    QStringList layouts;
    for (const QRegularExpressionMatch& m : re.globalMatch(lowerName))
        layouts << m.captured();
    return layouts;
}

QString tensorCoreMath(const QString& operandType, bool warpGroup) {
    QString family;
    if (operandType == QLatin1String("f16") || operandType == QLatin1String("fp16") ||
        operandType == QLatin1String("bf16"))
        family = QStringLiteral("H");
    else if (operandType == QLatin1String("tf32"))
        return warpGroup ? QStringLiteral("HGMMA") : QStringLiteral("TF32");
    else if (operandType == QLatin1String("i8") || operandType == QLatin1String("s8") ||
             operandType == QLatin1String("u8") || operandType == QLatin1String("i4") ||
             operandType.startsWith(QLatin1String("int8")))
        family = QStringLiteral("I");
    else if (operandType == QLatin1String("e4m3") || operandType == QLatin1String("e5m2") ||
             operandType == QLatin1String("fp8"))
        family = QStringLiteral("Q");
    else if (operandType == QLatin1String("f64"))
        family = QStringLiteral("D");
    else
        return {};
    return family + (warpGroup ? QStringLiteral("GMMA") : QStringLiteral("MMA"));
}

} // namespace planscope::kernelgrammar
