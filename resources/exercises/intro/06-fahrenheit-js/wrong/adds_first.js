function toFahrenheit(celsius) {
    return (celsius + 32) * 9 / 5; // adds before it multiplies
}

module.exports = { toFahrenheit };
