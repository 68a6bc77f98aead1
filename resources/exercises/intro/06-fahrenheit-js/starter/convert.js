function toFahrenheit(celsius) {
    // TODO: return the temperature in degrees Fahrenheit.
    return 0;
}

module.exports = { toFahrenheit };
